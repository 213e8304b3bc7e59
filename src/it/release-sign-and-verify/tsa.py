#!/usr/bin/env python3
"""A loopback RFC 3161 timestamping authority for IT release-sign-and-verify (a test fixture, not a product
feature): answers each POSTed TimeStampReq with `openssl ts -reply`, signed by the throwaway TSA key that
prebuild.groovy made. Listens on 127.0.0.1 (a port the system picks, written to <dir>/tsa.port) and exits by
itself after 10 minutes, so a failed IT leaves nothing running for long."""
import http.server
import os
import subprocess
import sys
import threading

d = sys.argv[1]


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get('Content-Length', '0')))
        query = os.path.join(d, 'request.tsq')
        reply = os.path.join(d, 'reply.tsr')
        with open(query, 'wb') as f:
            f.write(body)
        r = subprocess.run(['openssl', 'ts', '-reply', '-config', os.path.join(d, 'tsa.cnf'), '-queryfile', query,
                            '-out', reply], capture_output=True)
        if r.returncode != 0:
            self.send_error(500, r.stderr.decode(errors='replace')[:200])
            return
        with open(reply, 'rb') as f:
            data = f.read()
        self.send_response(200)
        self.send_header('Content-Type', 'application/timestamp-reply')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
threading.Timer(600, lambda: os._exit(0)).start()
with open(os.path.join(d, 'tsa.port.tmp'), 'w') as f:
    f.write(str(server.server_address[1]))
os.replace(os.path.join(d, 'tsa.port.tmp'), os.path.join(d, 'tsa.port'))
server.serve_forever()
