"""printkit/ground/dataclass_code.<python>.marshal written again: the methods of printkit's data
classes compiled for the Python this runs on (printkit/ground/dataclass_code.py). Run it after
changing a data class; tests/test_dataclass_code.py says when it is due.

    python tools/dataclass_code.py
"""

import os

from printkit.ground import dataclass_code

if __name__ == "__main__":
    count = dataclass_code.write_current()
    print(f"printkit: the methods of its data classes ({count}) compiled into {os.path.basename(dataclass_code.FILE)}")
