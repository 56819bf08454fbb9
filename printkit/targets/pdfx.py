"""A printkit PDF made a PDF/X file with pypdf: PDF/X-4 (ISO 15930-7; a PDF 1.6 header) or
PDF/X-1a:2003 (ISO 15930-4; a PDF 1.4 header), the pages drawn in CMYK and grey for a registered
printing condition (FOGRA39, CGATS TR 003) named by the output intent, with the CMYK printer
profile the colours were converted through as its DestOutputProfile; both with the version key in
the Info dictionary and in the XMP metadata and /Trapped. (A PDF/X-4 file must embed its
condition's profile, an output device's: the sRGB monitor profile it once carried is refused by a
strict checker, and would tell the press nothing of its own inks.) ReportLab draws the pages;
nothing on them changes here. The page boxes are ReportLab's (MediaBox >= BleedBox >= TrimBox);
preflight reads them back."""

from __future__ import annotations

import io
import uuid

from PIL import ImageCms
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, NameObject, NumberObject,
                           TextStringObject)

from printkit.ground.bundled import PACKAGE
from printkit.render.colour import icc_bytes

X4, X1A = "PDF/X-4", "PDF/X-1a:2003"
HEADER = {X4: b"%PDF-1.6", X1A: b"%PDF-1.4"}
REGISTRY = "http://www.color.org"
ICC = "icc/sRGB.icc"
# A registered condition's name as a reader is shown it, beside its identifier (the PDF Reference's
# own example: "CGATS TR 001 (SWOP)", 10.10.4).
CONDITION_NAMES = {"CGATS TR 003": "CGATS TR 003 (SWOP 2007, coated grade 3)"}
INVARIANT_DATE = "2000-01-01T00:00:00+00:00"  # ReportLab's invariant mode dates every file so

XMP = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>{creator}</xmp:CreatorTool>
   <pdf:Producer>{producer}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
   <xmpMM:DocumentID>uuid:{uuid}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{uuid}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""


def icc_profile() -> bytes:
    return (PACKAGE / ICC).read_bytes()


def as_pdfx(data: bytes, version: str, condition: str, icc: str | None = None) -> bytes:
    """`data` (a PDF printkit drew; for PDF/X-1a, in CMYK and grey) with what `version` asks of
    the file, for printing under `condition` (PDF/X-1a: characterised by the CMYK profile `icc`)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    info = writer.metadata or {}
    writer.add_metadata({"/GTS_PDFXVersion": version})
    writer._info.get_object()[NameObject("/Trapped")] = NameObject("/False")
    root = writer._root_object
    root[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(_intent(writer, version, condition, icc))])
    root[NameObject("/Metadata")] = writer._add_object(_xmp(info, version, _uuid(writer)))
    writer.pdf_header = HEADER[version]
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _intent(writer: PdfWriter, version: str, condition: str, icc: str | None) -> DictionaryObject:
    """The output intent: the condition by its registered name, and the ICC profile of what the
    pages are in: the CMYK condition their colours were converted through (printkit/icc/), named
    in its Info where it is not the registry's own characterisation of the condition."""
    name = CONDITION_NAMES.get(condition, condition)
    intent = DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"),
        NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(condition),
        NameObject("/OutputCondition"): TextStringObject(name),
        NameObject("/RegistryName"): TextStringObject(REGISTRY),
        NameObject("/Info"): TextStringObject(_info(name, icc)),
    })
    if icc:
        profile = DecodedStreamObject()
        profile.set_data(icc_bytes(icc))
        profile[NameObject("/N")] = NumberObject(4)
        intent[NameObject("/DestOutputProfile")] = writer._add_object(profile.flate_encode())
    return intent


def _info(name: str, icc: str | None) -> str:
    """The intent's Info: the condition, and the embedded profile by its own description."""
    if not icc:
        return name
    description = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(icc_bytes(icc)))).strip()
    return f"{name}; colours converted through the embedded profile, {description}"


def _uuid(writer: PdfWriter) -> str:
    """The file's identity as a UUID, from the ID ReportLab gave it (the same for the same pages)."""
    first = bytes(writer._ID[0]) if getattr(writer, "_ID", None) else bytes(16)
    return str(uuid.UUID(bytes=(first + bytes(16))[:16]))


def _xmp(info, version: str, identity: str) -> DecodedStreamObject:
    def field(key: str) -> str:
        text = str(info.get(key, ""))
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    stream = DecodedStreamObject()
    stream.set_data(XMP.format(title=field("/Title"), date=INVARIANT_DATE, creator=field("/Creator"),
                               producer=field("/Producer"), version=version, uuid=identity).encode("utf-8"))
    stream[NameObject("/Type")] = NameObject("/Metadata")
    stream[NameObject("/Subtype")] = NameObject("/XML")
    return stream
