#!/usr/bin/env python3
"""Scripted mock model for driving the real agent CLIs offline. Standard library only; binds
127.0.0.1 only. One server speaks the five wire APIs the agents use, so every agent is driven
by the same script format:

  OpenAI Responses (SSE)        POST .../responses                     codex
  Anthropic Messages (SSE/JSON) POST .../v1/messages                   claude
  Gemini generateContent        POST .../models/M:(stream)generateContent  gemini
  OpenAI Chat Completions       POST .../chat/completions              opencode, copilot, droid,
                                                                       qwen, cline, kilo
  Augment backend (NDJSON)      POST /chat-stream, /get-models, ...    auggie

usage: mock_llm.py --port PORT --script SCRIPT.json --log LOG.jsonl --ready READY_FILE

SCRIPT.json: {"calls": [{"name": NAME or [NAME, ...], "arguments": {...}, "wait_for": PATH?}, ...], "final": TEXT}
Step n (n = tool results already in the conversation) answers with calls[n] as a tool call, then
with `final` once the script is exhausted. For the Responses API the names are abstract: "shell"
(arguments.command) and "apply_patch" (arguments.patch) are turned into whichever shell or patch
tool Codex advertises. Requests that do not offer the step's tool (titles, routers, summaries) get
a short text, or JSON when they ask for JSON (Gemini's router and next-speaker check).

Every model request is logged as one JSON line: {"api", "step", "reply", "tool_output", "t"} where
reply is "call:<name>", "final" or "side", and tool_output is the text of the latest tool result
the agent returned to the model (what the model saw of a blocked call), t the Unix time.
"""
import argparse
import gzip
import json
import os
import threading
import time
import uuid
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ARGS = None
LOCK = threading.Lock()


def log(entry):
    with LOCK, open(ARGS.log, "a", encoding="utf-8") as f:
        f.write(json.dumps(entry) + "\n")


def script():
    with open(ARGS.script, encoding="utf-8") as f:
        return json.load(f)


def step_call(n, available):
    """The tool call for step n if the request offers its tool, else None."""
    calls = script()["calls"]
    if n >= len(calls):
        return None
    c = calls[n]
    names = c["name"] if isinstance(c["name"], list) else [c["name"]]
    for name in names:
        if name in available:
            wait_for(c.get("wait_for"))
            return name, c.get("arguments", {})
    return None


def wait_for(path, limit_s=90):
    """A call may wait for the test to do something first (a person's `gitvow approve`): the
    request is answered once the file `path` exists, or after limit_s."""
    if not path:
        return
    deadline = time.monotonic() + limit_s
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.1)


def final_text():
    return script().get("final", "Done.")


def text_of(x):
    if isinstance(x, str):
        return x
    if isinstance(x, list) and x and all(isinstance(p, dict) and "text" in p for p in x):
        return "\n".join(str(p["text"]) for p in x)  # content parts (qwen)
    return json.dumps(x)


def reply(api, n, call, side, output):
    """Logs the decision; returns ("call", name, args) | ("final", text) | ("side", text)."""
    if call:
        d = ("call", call[0], call[1])
        kind = "call:" + call[0]
    elif side:
        d = ("side", "Mock title")
        kind = "side"
    else:
        d = ("final", final_text())
        kind = "final"
    log({"api": api, "step": n, "reply": kind, "tool_output": output, "t": round(time.time(), 2)})
    return d


# --------------------------------------------------------------------- OpenAI Responses (codex)
def responses_tools(body):
    out = {}
    for t in body.get("tools") or []:
        name = t.get("name") or (t.get("function") or {}).get("name")
        if name:
            out[name] = t.get("type")
    return out


def codex_shell_item(tools, cmd, call_id):
    if "shell_command" in tools:
        return {"type": "function_call", "name": "shell_command",
                "arguments": json.dumps({"command": cmd}), "call_id": call_id}
    if "exec_command" in tools:
        return {"type": "function_call", "name": "exec_command",
                "arguments": json.dumps({"cmd": cmd}), "call_id": call_id}
    return {"type": "function_call", "name": "shell",
            "arguments": json.dumps({"command": ["bash", "-lc", cmd]}), "call_id": call_id}


def codex_patch_item(tools, patch, call_id):
    if tools.get("apply_patch") == "custom":
        return {"type": "custom_tool_call", "name": "apply_patch", "input": patch, "call_id": call_id}
    if "apply_patch" in tools:
        return {"type": "function_call", "name": "apply_patch",
                "arguments": json.dumps({"input": patch}), "call_id": call_id}
    return codex_shell_item(tools, "apply_patch <<'EOF'\n" + patch + "\nEOF\n", call_id)


def responses(h, body):
    tools = responses_tools(body)
    outputs = [it for it in body.get("input") or [] if isinstance(it, dict)
               and it.get("type") in ("function_call_output", "custom_tool_call_output")]
    n = len(outputs)
    calls = script()["calls"]
    # Codex offers its shell and patch tools under several names: the script's abstract names
    # always match, the concrete item is chosen from what was advertised.
    call = (calls[n]["name"], calls[n].get("arguments", {})) if n < len(calls) and tools else None
    if call:
        wait_for(calls[n].get("wait_for"))
    d = reply("responses", n, call, not tools, text_of(outputs[-1].get("output")) if outputs else None)
    cid = "call_mock_%d" % n
    if d[0] == "call" and d[1] == "shell":
        item = codex_shell_item(tools, d[2]["command"], cid)
    elif d[0] == "call":
        item = codex_patch_item(tools, d[2]["patch"], cid)
    else:
        item = {"type": "message", "role": "assistant", "id": "msg_%d" % n,
                "content": [{"type": "output_text", "text": d[1]}]}
    rid = "resp_" + uuid.uuid4().hex[:12]
    usage = {"input_tokens": 10, "input_tokens_details": None, "output_tokens": 5,
             "output_tokens_details": None, "total_tokens": 15}
    events = [{"type": "response.created", "response": {"id": rid}},
              {"type": "response.output_item.done", "item": item},
              {"type": "response.completed", "response": {"id": rid, "usage": usage}}]
    h.sse_start()
    for ev in events:
        h.sse(ev, ev["type"])


# --------------------------------------------------------------------- Anthropic Messages (claude)
def anthropic(h, body):
    available = [t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)]
    results = [b for m in body.get("messages") or [] if isinstance(m.get("content"), list)
               for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_result"]
    n = len(results)
    call = step_call(n, available)
    d = reply("anthropic", n, call, not available, text_of(results[-1].get("content")) if results else None)
    if d[0] == "call":
        block = {"type": "tool_use", "id": "toolu_" + uuid.uuid4().hex[:24], "name": d[1], "input": d[2]}
        stop = "tool_use"
    else:
        block = {"type": "text", "text": d[1]}
        stop = "end_turn"
    model = body.get("model") or "claude-mock"
    mid = "msg_" + uuid.uuid4().hex[:24]
    usage = {"input_tokens": 10, "output_tokens": 5, "cache_creation_input_tokens": 0,
             "cache_read_input_tokens": 0}
    if not body.get("stream"):
        return h.json(200, {"id": mid, "type": "message", "role": "assistant", "model": model,
                            "content": [block], "stop_reason": stop, "stop_sequence": None,
                            "usage": usage})
    h.sse_start()
    h.sse({"type": "message_start", "message": {"id": mid, "type": "message", "role": "assistant",
           "model": model, "content": [], "stop_reason": None, "stop_sequence": None,
           "usage": dict(usage, output_tokens=1)}}, "message_start")
    if d[0] == "call":
        h.sse({"type": "content_block_start", "index": 0, "content_block": dict(block, input={})},
              "content_block_start")
        h.sse({"type": "content_block_delta", "index": 0,
               "delta": {"type": "input_json_delta", "partial_json": json.dumps(d[2])}},
              "content_block_delta")
    else:
        h.sse({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
              "content_block_start")
        h.sse({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": d[1]}},
              "content_block_delta")
    h.sse({"type": "content_block_stop", "index": 0}, "content_block_stop")
    h.sse({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
           "usage": {"output_tokens": 5}}, "message_delta")
    h.sse({"type": "message_stop"}, "message_stop")


# --------------------------------------------------------------------- Gemini (gemini)
def gemini(h, body, path):
    names = [fd.get("name") for t in body.get("tools") or []
             for fd in (t.get("functionDeclarations") or t.get("function_declarations") or [])]
    responses_ = [p["functionResponse"] for c in body.get("contents") or []
                  for p in c.get("parts") or [] if "functionResponse" in p]
    n = len(responses_)
    call = step_call(n, names)
    gc = body.get("generationConfig") or {}
    wants_json = gc.get("responseMimeType") == "application/json" or "responseSchema" in gc \
        or "responseJsonSchema" in gc
    d = reply("gemini", n, call, wants_json or not names,
              text_of(responses_[-1].get("response")) if responses_ else None)
    if d[0] == "call":
        part = {"functionCall": {"name": d[1], "args": d[2]}}
    elif wants_json:
        # satisfies the model router's and the next-speaker checker's schemas alike
        part = {"text": json.dumps({"reasoning": "mock", "model_choice": "flash",
                                    "complexity_reasoning": "mock", "complexity_score": 1,
                                    "next_speaker": "user"})}
    else:
        part = {"text": d[1]}
    model = path.rsplit("/", 1)[-1].split(":")[0]
    obj = {"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP",
                           "index": 0}],
           "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
           "modelVersion": model}
    if path.endswith(":generateContent"):
        return h.json(200, obj)
    h.sse_start()
    h.wfile.write(("data: " + json.dumps(obj) + "\r\n\r\n").encode())
    h.wfile.flush()


# --------------------------------------------------------------------- Chat Completions
def chat(h, body):
    available = [t["function"].get("name") if "function" in t else t.get("name")
                 for t in body.get("tools") or []]
    msgs = body.get("messages") or []
    n = sum(len(m["tool_calls"]) for m in msgs if m.get("role") == "assistant" and m.get("tool_calls"))
    tool_msgs = [m for m in msgs if m.get("role") == "tool"]
    call = step_call(n, available)
    d = reply("chat", n, call, not available, text_of(tool_msgs[-1].get("content")) if tool_msgs else None)
    cid = "chatcmpl-" + uuid.uuid4().hex[:12]
    model = body.get("model", "m")
    usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    if d[0] == "call":
        tc = {"index": 0, "id": "call_" + uuid.uuid4().hex[:12], "type": "function",
              "function": {"name": d[1], "arguments": json.dumps(d[2])}}
        msg = {"role": "assistant", "content": None,
               "tool_calls": [{k: v for k, v in tc.items() if k != "index"}]}
        delta = {"role": "assistant", "content": None, "tool_calls": [tc]}
        finish = "tool_calls"
    else:
        msg = delta = {"role": "assistant", "content": d[1]}
        finish = "stop"
    if not body.get("stream"):
        return h.json(200, {"id": cid, "object": "chat.completion", "created": 0, "model": model,
                            "choices": [{"index": 0, "message": msg, "finish_reason": finish}],
                            "usage": usage})
    base = {"id": cid, "object": "chat.completion.chunk", "created": 0, "model": model}
    h.sse_start()
    h.sse(dict(base, choices=[{"index": 0, "delta": delta, "finish_reason": None}]))
    h.sse(dict(base, choices=[{"index": 0, "delta": {}, "finish_reason": finish}]))
    if (body.get("stream_options") or {}).get("include_usage"):
        h.sse(dict(base, choices=[], usage=usage))
    h.sse("[DONE]")


# --------------------------------------------------------------------- Augment backend (auggie)
# Auggie talks to its tenant URL (AUGMENT_SESSION_AUTH's tenantURL, here 127.0.0.1): model list
# and feature flags, MCP and remote-tool lists, then one /chat-stream per model turn.
AUGMENT_MODELS = {
    "default_model": "mock-model",
    "models": [{"name": "mock-model", "suggested_prefix_char_count": 0, "suggested_suffix_char_count": 0}],
    "languages": [],
    # Auggie creates its hook manager only when the backend turns this flag on (off by default).
    "feature_flags": {"enable_hooks": True},
}


def augment_tool_results(body):
    """Tool results of the conversation: this request's nodes and the earlier exchanges'."""
    nodes = []
    for ex in body.get("chat_history") or []:
        nodes.extend(ex.get("request_nodes") or [])
    nodes.extend(body.get("nodes") or [])  # the newest last
    return [n["tool_result_node"] for n in nodes if isinstance(n, dict) and n.get("tool_result_node")]


def augment(h, body, path):
    if path == "/get-models":
        return h.json(200, AUGMENT_MODELS)
    if path.startswith("/settings/get-mcp"):
        return h.json(200, {"configs": [], "version": ""})
    if path == "/agents/list-remote-tools":
        return h.json(200, {"tools": []})
    if path != "/chat-stream":
        return h.json(200, {})  # error reports, client metrics
    defs = body.get("tool_definitions")
    available = [t.get("name") for t in defs if isinstance(t, dict)] if isinstance(defs, list) else []
    results = augment_tool_results(body)
    n = len(results)
    call = step_call(n, available)
    d = reply("augment", n, call, not available, text_of(results[-1].get("content")) if results else None)
    # One BackChatResult a line: a tool call is a node of type 5 and stop_reason 3 (tool use
    # requested), an answer a node of type 0 and stop_reason 1 (end of turn).
    if d[0] == "call":
        node = {"id": 1, "type": 5, "content": "",
                "tool_use": {"tool_use_id": "toolu_mock_%d" % n, "tool_name": d[1], "input_json": json.dumps(d[2])}}
        lines = [{"text": "", "nodes": [node]}, {"text": "", "nodes": [], "stop_reason": 3}]
    else:
        lines = [{"text": d[1], "nodes": [{"id": 1, "type": 0, "content": d[1]}]},
                 {"text": "", "nodes": [], "stop_reason": 1}]
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    h.send_response(200)
    h.send_header("Content-Type", "application/json")
    h.send_header("Content-Length", str(len(data)))
    h.end_headers()
    h.wfile.write(data)


def is_augment(headers):
    return (headers.get("User-Agent") or "").startswith("augment.cli/")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):  # keep stderr quiet
        pass

    def json(self, code, obj):
        data = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def sse_start(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    def sse(self, data, event=None):
        s = ("event: %s\n" % event) if event else ""
        s += "data: %s\n\n" % (data if isinstance(data, str) else json.dumps(data))
        self.wfile.write(s.encode())
        self.wfile.flush()

    def do_GET(self):
        if self.path.rstrip("/").endswith("/models"):  # model lists (copilot, droid)
            return self.json(200, {"object": "list", "data": [
                {"id": m, "object": "model", "created": 0, "owned_by": "mock"}
                for m in ("m", "mock-model", "gpt-5-mock")]})
        self.json(404, {"error": {"message": "not found: " + self.path}})

    def do_HEAD(self):
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(n) if n else b""
        enc = (self.headers.get("Content-Encoding") or "").lower()
        try:
            raw = gzip.decompress(raw) if enc == "gzip" else zlib.decompress(raw) if enc == "deflate" else raw
            body = json.loads(raw or b"{}")
        except Exception as e:  # noqa: BLE001 - anything undecodable is a 400, logged
            log({"api": "undecodable", "path": self.path, "error": str(e)})
            return self.json(400, {"error": {"message": "undecodable body"}})
        path = self.path.split("?")[0]
        if is_augment(self.headers):
            return augment(self, body, path)
        if path.endswith("/count_tokens"):
            return self.json(200, {"input_tokens": 10})
        if path.endswith(":countTokens"):
            return self.json(200, {"totalTokens": 10})
        if path.rstrip("/").endswith("/responses"):
            return responses(self, body)
        if path.endswith("/v1/messages"):
            return anthropic(self, body)
        if path.endswith(":generateContent") or path.endswith(":streamGenerateContent"):
            return gemini(self, body, path)
        if path.endswith("/chat/completions"):
            return chat(self, body)
        log({"api": "unhandled", "path": self.path})
        self.json(404, {"error": {"message": "not found: " + self.path}})


def main():
    global ARGS
    p = argparse.ArgumentParser()
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--script", required=True)
    p.add_argument("--log", required=True)
    p.add_argument("--ready", required=True)
    ARGS = p.parse_args()
    srv = ThreadingHTTPServer(("127.0.0.1", ARGS.port), Handler)
    srv.daemon_threads = True
    open(ARGS.ready, "w").close()
    srv.serve_forever()


if __name__ == "__main__":
    main()
