#!/usr/bin/env python3
"""How fast `caplint server` answers an editor: the time from `didOpen` to
the first `publishDiagnostics` for the file (a whole-repository run), and
the median and worst time from `didChange` to the file's diagnostics over
20 changes (the change is linted alone; the whole repository follows once
the client pauses).

    python3 benches/lsp_latency.py target/release/caplint REPO FILE

REPO is the repository root, FILE one of its profiles or skill files.
"""
import json, subprocess, sys, time, os
root = os.path.abspath(sys.argv[2]); f = os.path.abspath(sys.argv[3])
p = subprocess.Popen([sys.argv[1], "server", "--as-of", "2026-10-15"], cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def send(m):
    b = json.dumps(m).encode(); p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
def recv():
    n = None
    while True:
        l = p.stdout.readline().strip()
        if not l: break
        if l.startswith(b"Content-Length:"): n = int(l.split()[1])
    return json.loads(p.stdout.read(n))
def wait(pred):
    while True:
        m = recv()
        if pred(m): return m
send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":None,"rootUri":"file://"+root,"capabilities":{}}})
wait(lambda m: m.get("id")==1)
send({"jsonrpc":"2.0","method":"initialized","params":{}})
uri = "file://"+f; text = open(f).read()
t=time.time()
send({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":uri,"languageId":"json","version":1,"text":text}}})
m = wait(lambda m: m.get("method")=="textDocument/publishDiagnostics" and m["params"]["uri"]==uri)
print("open %.1f ms, %d diagnostics" % ((time.time()-t)*1000, len(m["params"]["diagnostics"])))
ts=[]
for i in range(20):
    t=time.time()
    send({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":uri,"version":i+2},"contentChanges":[{"text":text+" "*(i%2)}]}})
    wait(lambda m: m.get("method")=="textDocument/publishDiagnostics" and m["params"]["uri"]==uri)
    ts.append((time.time()-t)*1000)
ts.sort(); print("change median %.1f ms, max %.1f ms" % (ts[10], ts[-1]))
send({"jsonrpc":"2.0","id":2,"method":"shutdown","params":None}); wait(lambda m: m.get("id")==2)
send({"jsonrpc":"2.0","method":"exit","params":None}); print("exit", p.wait())
