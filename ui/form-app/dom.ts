/** Attributes set with setAttribute; `false` and `undefined` leave the attribute off. */
export type Attributes = Record<string, string | number | boolean | undefined>;

/**
 * Builds an element from a tag, attributes and children. Text children become text nodes, so no value
 * from the server or the user is ever parsed as HTML.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Array<Node | string | undefined>
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child !== undefined) element.append(child);
  }
  return element;
}

/** The element with this `data-testid`, which the page's HTML must have. */
export function byTestId<T extends HTMLElement = HTMLElement>(testId: string): T {
  const element = document.querySelector<T>(`[data-testid="${testId}"]`);
  if (!element) throw new Error(`The page has no [data-testid="${testId}"]`);
  return element;
}
