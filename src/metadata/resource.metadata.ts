/** A resource is either a fixed `uri` or an RFC 6570 `uriTemplate`: `test://item/{id}`, `files://{+path}`, `search://items{?q}`. */
export interface ResourceOptions {
  uri?: string;
  uriTemplate?: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface ResourceMetadata {
  methodName: string;
  options: ResourceOptions;
}
