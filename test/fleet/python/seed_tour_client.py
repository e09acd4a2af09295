"""Every seed-tour tool through the official MCP Python SDK on the 2025-11-25 wire.

Usage: python seed_tour_client.py <url>. Prints one JSON line per call:
{"tool": ..., "text": ..., "code": ..., "asked": [messages]}; "code" is the JSON-RPC error code, if any.
"""

import json
import sys

import anyio
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import ElicitRequestFormParams, ElicitResult

VALUES = {
    "name": "Ada Lovelace",
    "email": "ada@example.com",
    "age": 36,
    "address": "12 Analytical Row",
    "confirm": True,
    "size": "L",
    "toppings": ["cheese", "olives"],
    "replicas": 2,
    "environment": "prod",
}

CALLS = [
    ("greet", {}),
    ("generate_business_card", {}),
    ("collect_contact", {}),
    ("place_order", {"item": "gadget", "quantity": 2}),
    ("configure_deploy", {}),
    ("order_form", {}),
    ("pay_a_bill", {"amount": 5}),
    ("access_github", {}),
    ("access_github", {}),
    ("access_github", {}),
    ("access_github", {}),
]

asked: list[str] = []


async def answer(_context, params) -> ElicitResult:
    """Accepts every question: URL mode with consent, forms with the fields they ask for."""
    asked.append(params.message)
    if not isinstance(params, ElicitRequestFormParams):
        return ElicitResult(action="accept")
    properties = params.requested_schema.get("properties", {})
    return ElicitResult(action="accept", content={name: VALUES[name] for name in properties if name in VALUES})


async def main(url: str) -> None:
    async with streamable_http_client(url) as (read, write):
        async with ClientSession(read, write, elicitation_callback=answer) as session:
            initialized = await session.initialize()
            print(json.dumps({"protocolVersion": initialized.protocol_version}), flush=True)
            for tool, arguments in CALLS:
                asked.clear()
                line = {"tool": tool, "text": None, "code": None}
                try:
                    result = await session.call_tool(tool, arguments)
                    line["text"] = "".join(getattr(block, "text", "") for block in result.content)
                except MCPError as error:
                    line["text"], line["code"] = error.message, error.code
                line["asked"] = list(asked)
                print(json.dumps(line), flush=True)


if __name__ == "__main__":
    anyio.run(main, sys.argv[1])
