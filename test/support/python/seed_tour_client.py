"""Drives an MCP server with the official Python SDK client and prints what happened as JSON.

Usage: seed_tour_client.py http URL [--mode MODE]
       seed_tour_client.py stdio COMMAND [ARG...] [--mode MODE]

MODE is what the SDK's Client takes: "legacy" (the initialize handshake) or a 2026-era version such
as "2026-07-28". The plan comes on stdin as JSON:

  {"values": {field: value}, "steps": [{"call": tool, "arguments": {...}, "answers": [...]},
                                       {"read": uri}, {"ping": true}, {"logLevel": "info"}]}

Each elicitation a step receives takes the next of its answers (the last one repeats): "accept"
fills the form from `values` (a field named `<name>__<n>` is ticked when its title is among the
values of `<name>`; a URL question is accepted), "decline" and "cancel" say so, and an object is
sent as the result as it is. The output is one JSON object: the negotiated protocol version, the
server's name, the tool names, and one outcome per step with the questions it was asked.
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

    outcomes: list[dict[str, Any]] = []
    async with Client(
        target,
        mode=mode,
        elicitation_callback=on_elicit,
        client_info=types.Implementation(name="elicitor-python-e2e", version="1.0.0"),
        cache=None,
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
