"""Drives an MCP server with the official Python SDK client and prints what happened as JSON.

Usage: seed_tour_client.py http URL [--mode MODE]
       seed_tour_client.py stdio COMMAND [ARG...] [--mode MODE]

MODE is what the SDK's Client takes: "legacy" (the initialize handshake) or a 2026-era version such
as "2026-07-28". The plan comes on stdin as JSON:

  {"values": {field: value}, "sampling": {"text": ..., "model": ...}, "roots": [{"uri": ..., "name": ...}],
   "steps": [{"call": tool, "arguments": {...}, "answers": [...]},
             {"read": uri}, {"ping": true}, {"logLevel": "info"}]}

Each elicitation a step receives takes the next of its answers (the last one repeats): "accept"
fills the form from `values` (a field named `<name>__<n>` is ticked when its title is among the
values of `<name>`; a URL question is accepted), "decline" and "cancel" say so, and an object is
sent as the result as it is. With "sampling" the client can sample (it answers every sampling request
with that text), with "roots" it has roots. The output is one JSON object: the negotiated protocol
version, the server's name, the tool names, and one outcome per step with the questions it was asked,
the sampling requests it got and how many times its roots were listed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from typing import Any

import mcp_types as types
from mcp.client import Client, ClientRequestContext
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError


def dump(model: Any) -> Any:
    return model.model_dump(by_alias=True, mode="json", exclude_none=True)


def form_content(schema: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    content: dict[str, Any] = {}
    for field, prop in schema.get("properties", {}).items():
        if field in values:
            content[field] = values[field]
            continue
        option = re.sub(r"__\d+$", "", field)
        if option != field and isinstance(values.get(option), list):
            content[field] = prop.get("title") in values[option]
    return content


class Step:
    """One step of the plan: the answers it gives and the questions it was asked."""

    def __init__(self, spec: dict[str, Any], values: dict[str, Any]) -> None:
        self.spec = spec
        self.values = values
        self.answers: list[Any] = list(spec.get("answers") or ["accept"])
        self.asked: list[dict[str, Any]] = []
        self.sampled: list[dict[str, Any]] = []
        self.roots_listed = 0

    def answer(self, params: dict[str, Any]) -> types.ElicitResult:
        self.asked.append(params)
        choice = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        if isinstance(choice, dict):
            return types.ElicitResult.model_validate(choice)
        if choice != "accept":
            return types.ElicitResult(action=choice)
        if params.get("mode") == "url":
            return types.ElicitResult(action="accept")
        return types.ElicitResult(action="accept", content=form_content(params["requestedSchema"], self.values))


async def run(target: Any, mode: str, plan: dict[str, Any]) -> dict[str, Any]:
    values: dict[str, Any] = plan.get("values", {})
    current: list[Step] = []

    async def on_elicit(_context: ClientRequestContext, params: types.ElicitRequestParams) -> types.ElicitResult:
        return current[0].answer(dump(params))

    sampling: dict[str, Any] | None = plan.get("sampling")
    roots: list[dict[str, Any]] | None = plan.get("roots")

    async def on_sample(
        _context: ClientRequestContext, params: types.CreateMessageRequestParams
    ) -> types.CreateMessageResult:
        assert sampling is not None
        current[0].sampled.append(dump(params))
        return types.CreateMessageResult(
            role="assistant",
            content=types.TextContent(type="text", text=sampling["text"]),
            model=sampling.get("model", "elicitor-e2e-model"),
        )

    async def on_list_roots(_context: ClientRequestContext) -> types.ListRootsResult:
        assert roots is not None
        current[0].roots_listed += 1
        return types.ListRootsResult.model_validate({"roots": roots})

    callbacks: dict[str, Any] = {}
    if sampling is not None:
        callbacks["sampling_callback"] = on_sample
    if roots is not None:
        callbacks["list_roots_callback"] = on_list_roots

    outcomes: list[dict[str, Any]] = []
    async with Client(
        target,
        mode=mode,
        elicitation_callback=on_elicit,
        client_info=types.Implementation(name="elicitor-python-e2e", version="1.0.0"),
        cache=None,
        **callbacks,
    ) as client:
        tools = await client.list_tools()
        for spec in plan.get("steps", []):
            step = Step(spec, values)
            current[:] = [step]
            outcome: dict[str, Any] = {}
            try:
                if "call" in spec:
                    outcome["result"] = dump(await client.call_tool(spec["call"], spec.get("arguments", {})))
                elif "read" in spec:
                    outcome["result"] = dump(await client.read_resource(spec["read"]))
                elif "ping" in spec:
                    outcome["result"] = dump(await client.session.send_ping())
                elif "logLevel" in spec:
                    outcome["result"] = dump(await client.session.set_logging_level(spec["logLevel"]))
                else:
                    raise ValueError(f"unknown step {spec!r}")
            except MCPError as error:
                outcome["error"] = dump(error.error)
            outcome["asked"] = step.asked
            outcome["sampled"] = step.sampled
            outcome["rootsListed"] = step.roots_listed
            outcomes.append(outcome)
        server = client.server_info
        return {
            "protocolVersion": client.protocol_version,
            "serverName": server.name if server else None,
            "tools": sorted(tool.name for tool in tools.tools),
            "steps": outcomes,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("transport", choices=["http", "stdio"])
    parser.add_argument("target", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    mode = "legacy"
    target_args = list(args.target)
    if "--mode" in target_args:
        at = target_args.index("--mode")
        mode = target_args[at + 1]
        del target_args[at : at + 2]
    if not target_args:
        parser.error("a URL or a command is needed")
    target: Any = (
        target_args[0]
        if args.transport == "http"
        else StdioServerParameters(command=target_args[0], args=target_args[1:])
    )
    plan = json.load(sys.stdin)
    print(json.dumps(asyncio.run(run(target, mode, plan))))


if __name__ == "__main__":
    main()
