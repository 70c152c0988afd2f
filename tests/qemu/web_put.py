#!/usr/bin/python3
"""The network-boot scenarios' web server, in their own namespace: GET
serves ROOT (the TFTP root: the apps and their configs, for UEFI HTTP
Boot), PUT keeps the body under DEST at the request's path and refuses
a name that exists (409), as docs/netboot.md asks of an upload server.

usage: web_put.py ADDRESS ROOT DEST (port 80)"""
import http.server
import os
import sys


class Web(http.server.SimpleHTTPRequestHandler):
    def do_PUT(self):
        dest = os.path.join(sys.argv[3],
                            os.path.normpath(self.path).lstrip("/"))
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if os.path.exists(dest):
            self.send_response(409)
        else:
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as f:
                f.write(body)
            self.send_response(201)
        self.send_header("Content-Length", "0")
        self.end_headers()


if __name__ == "__main__":
    os.chdir(sys.argv[2])
    http.server.HTTPServer((sys.argv[1], 80), Web).serve_forever()
