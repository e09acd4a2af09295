"""Calls one tool with the official Python SDK client on the 2025-11-25 wire, answering its form late.

Usage: slow_person_client.py --tool NAME --answer-after-ms MS [--timeout-ms MS] http URL
       slow_person_client.py --tool NAME --answer-after-ms MS [--timeout-ms MS] stdio COMMAND [ARG...]

The person takes MS milliseconds to answer any form, then accepts it as approver "ada". The call has a
progress callback, and the client's read timeout when --timeout-ms is given (the SDK has none by default).
Prints one JSON object: the result's text or the error, and every progress notification the call heard.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

import mcp_types as types
from mcp.client import Client, ClientRequestContext
from mcp.client.stdio import StdioServerParameters


async def run(args: argparse.Namespace) -> dict[str, Any]:
    target: Any = (
        args.target[0]
        if args.transport == "http"
        else StdioServerParameters(command=args.target[0], args=args.target[1:])
    )
    progress: list[dict[str, Any]] = []

    async def on_elicit(_context: ClientRequestContext, _params: types.ElicitRequestParams) -> types.ElicitResult:
        await asyncio.sleep(args.answer_after_ms / 1000)
        return types.ElicitResult(action="accept", content={"approver": "ada"})

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        update: dict[str, Any] = {"progress": value}
        if total is not None:
            update["total"] = total
        if message is not None:
            update["message"] = message
        progress.append(update)

    outcome: dict[str, Any] = {}
    async with Client(
        target,
        mode="legacy",
        elicitation_callback=on_elicit,
        client_info=types.Implementation(name="slow-person-python", version="1.0.0"),
        cache=None,
    ) as client:
        try:
            result = await client.call_tool(
                args.tool,
                {},
                read_timeout_seconds=None if args.timeout_ms is None else args.timeout_ms / 1000,
                progress_callback=on_progress,
            )
            outcome["text"] = "\n".join(
                block.text for block in result.content if isinstance(block, types.TextContent)
            )
        except Exception as error:  # the report carries any failure, as the other clients' do
            outcome["error"] = repr(error)
    outcome["progress"] = progress
    return outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", required=True)
    parser.add_argument("--answer-after-ms", type=int, required=True)
    parser.add_argument("--timeout-ms", type=int)
    parser.add_argument("transport", choices=["http", "stdio"])
    parser.add_argument("target", nargs=argparse.REMAINDER)
    print(json.dumps(asyncio.run(run(parser.parse_args()))))


if __name__ == "__main__":
    main()
