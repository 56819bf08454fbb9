"""A printkit PDF made a PDF/X-4 file (ISO 15930-7) with pypdf: the output intent (the shipped sRGB
ICC profile as its DestOutputProfile), the version keys in the Info dictionary and in the XMP
metadata, /Trapped, a PDF 1.6 header. ReportLab draws the pages; nothing on them changes. The
page boxes are ReportLab's already (MediaBox >= BleedBox >= TrimBox); preflight reads them back."""

from __future__ import annotations

import io
from importlib import resources

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, NameObject, NumberObject,
                           TextStringObject)

VERSION = "PDF/X-4"
CONDITION = "sRGB IEC61966-2.1"  # the ICC registry's name for the sRGB condition
REGISTRY = "http://www.color.org"
ICC = "icc/sRGB.icc"
INVARIANT_DATE = "2000-01-01T00:00:00+00:00"  # ReportLab's invariant mode dates every file so

XMP = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>{creator}</xmp:CreatorTool>
   <pdf:Producer>{producer}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""


def icc_profile() -> bytes:
    return resources.files("printkit").joinpath(ICC).read_bytes()


def as_pdfx(data: bytes) -> bytes:
    """`data` (a PDF printkit drew) with what PDF/X-4 asks of the file."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    info = writer.metadata or {}
    writer.add_metadata({"/GTS_PDFXVersion": VERSION})
    writer._info.get_object()[NameObject("/Trapped")] = NameObject("/False")
    root = writer._root_object
    root[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(_intent(writer))])
    root[NameObject("/Metadata")] = writer._add_object(_xmp(info))
    writer.pdf_header = b"%PDF-1.6"
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _intent(writer: PdfWriter) -> DictionaryObject:
    profile = DecodedStreamObject()
    profile.set_data(icc_profile())
    profile[NameObject("/N")] = NumberObject(3)
    return DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"),
        NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(CONDITION),
        NameObject("/OutputCondition"): TextStringObject(CONDITION),
        NameObject("/RegistryName"): TextStringObject(REGISTRY),
        NameObject("/Info"): TextStringObject(CONDITION),
        NameObject("/DestOutputProfile"): writer._add_object(profile.flate_encode()),
    })


def _xmp(info) -> DecodedStreamObject:
    def field(key: str) -> str:
        text = str(info.get(key, ""))
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    stream = DecodedStreamObject()
    stream.set_data(XMP.format(title=field("/Title"), date=INVARIANT_DATE, creator=field("/Creator"),
                               producer=field("/Producer"), version=VERSION).encode("utf-8"))
    stream[NameObject("/Type")] = NameObject("/Metadata")
    stream[NameObject("/Subtype")] = NameObject("/XML")
    return stream
