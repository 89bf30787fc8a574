"""Run by the system Python (which has LibreOffice's `uno`): open a document in a headless LibreOffice,
accept every tracked change as its Edit > Track Changes > Accept All does, and save the text.

    python3 libreoffice_accept.py IN.docx OUT.txt PROFILE_DIR
"""
import subprocess
import sys
import time
from pathlib import Path

import uno
from com.sun.star.beans import PropertyValue


def prop(name, value):
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def main(source: str, target: str, profile: str) -> int:
    pipe = f"truthometer{abs(hash(profile)) % 10**8}"
    office = subprocess.Popen(["soffice", "--headless", "--invisible", "--norestore", "--nologo",
                               f"-env:UserInstallation={Path(profile).resolve().as_uri()}",
                               f"--accept=pipe,name={pipe};urp;"])
    try:
        resolver = uno.getComponentContext().ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", uno.getComponentContext())
        for _ in range(240):
            try:
                context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:
                time.sleep(0.25)
        else:
            print("LibreOffice did not start", file=sys.stderr)
            return 1
        manager = context.ServiceManager
        desktop = manager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        document = desktop.loadComponentFromURL(Path(source).resolve().as_uri(), "_blank", 0, (prop("Hidden", True),))
        redlines = document.getRedlines().getCount()
        dispatcher = manager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", context)
        dispatcher.executeDispatch(document.getCurrentController().getFrame(), ".uno:AcceptAllTrackedChanges", "", 0, ())
        document.storeToURL(Path(target).resolve().as_uri(), (prop("FilterName", "Text (encoded)"),
                                                               prop("FilterOptions", "UTF8")))
        print(f"redlines {redlines} accepted, left {document.getRedlines().getCount()}")
        document.close(True)
        try:
            desktop.terminate()
        except Exception:  # the bridge closes as it quits
            pass
        return 0
    finally:
        try:
            office.wait(timeout=30)
        except subprocess.TimeoutExpired:
            office.kill()


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
