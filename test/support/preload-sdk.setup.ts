// Jest links ESM through node:vm, which fails ("request for … is not in cache") when the SDK's chunk graph is
// first imported dynamically while a test is running. Elicitor imports the SDK on first legacy use, so the
// test environment imports it up front, as an app process does on its first legacy request.
await import('@modelcontextprotocol/server');
await import('@modelcontextprotocol/node');
