/** The element with this `data-testid`, which the page's HTML must have. */
export function byTestId<T extends HTMLElement = HTMLElement>(testId: string): T {
  const element = document.querySelector<T>(`[data-testid="${testId}"]`);
  if (!element) throw new Error(`The page has no [data-testid="${testId}"]`);
  return element;
}
