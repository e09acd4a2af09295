/** Matches URIs against an RFC 6570 level-1 template such as `test://template/{id}/data`. */
export class UriTemplateMatcher {
  readonly variables: readonly string[];
  private readonly pattern: RegExp;

  constructor(readonly template: string) {
    const variables: string[] = [];
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const variable = /^\{([A-Za-z0-9_]+)\}$/.exec(part);
        if (!variable) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        variables.push(variable[1]!);
        return '([^/?#]+)';
      })
      .join('');
    this.variables = variables;
    this.pattern = new RegExp(`^${source}$`);
  }

  /** The variables of `uri`, decoded, or undefined when it does not match. */
  match(uri: string): Record<string, string> | undefined {
    const found = this.pattern.exec(uri);
    if (!found) return undefined;
    const values: Record<string, string> = {};
    this.variables.forEach((name, index) => {
      values[name] = decodeURIComponent(found[index + 1]!);
    });
    return values;
  }
}
