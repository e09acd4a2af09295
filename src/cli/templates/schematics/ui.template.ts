import type { SchematicNames } from '../../generate/schematic-names.builder.js';

/** The `@UiResource()` class: its HTML is the file beside it, read once when the server starts. */
export function uiTemplate(names: SchematicNames): string {
  return `import { UiResource } from 'elicitor';

/**
 * An MCP App: hosts that render apps show it for the tools and questions that name it; every other host
 * shows the tool's text or the question's form. The HTML is read once at startup from the path below,
 * relative to the directory the server runs in. Data reaches the app through the host (the tool's input
 * and result, or the question), never by writing it into the HTML.
 */
@UiResource({
  uri: 'ui://${names.kebab}',
  name: '${names.pascal}',
  file: '${names.directory}/${names.kebab}.ui.html',
  // Nothing external is allowed unless listed here, e.g. csp: { connectDomains: ['https://api.example.com'] }.
  prefersBorder: true,
})
export class ${names.className} {}
`;
}

/** The app's HTML: a complete document with nothing external, a starting point for the App SDK. */
export function uiHtmlTemplate(names: SchematicNames): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${names.pascal}</title>
  </head>
  <body>
    <!--
      Build the app with the MCP Apps SDK (@modelcontextprotocol/ext-apps) and bundle it into this one
      file: the host loads it in a sandboxed iframe whose default CSP allows nothing external.
    -->
    <main id="app">${names.pascal}</main>
  </body>
</html>
`;
}
