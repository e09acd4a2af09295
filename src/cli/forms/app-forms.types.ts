/** The listing the app's runtime (`elicitor/forms`) prints; the CLI keeps its own copy of the shape. */
export interface AppFormsListing {
  app: { name: string; version: string };
  forms: ListedForm[];
}

export interface ListedForm {
  name: string;
  title?: string;
  description?: string;
  schema: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] };
}
