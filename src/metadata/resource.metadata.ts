/** A resource is either a fixed `uri` or an RFC 6570 level-1 `uriTemplate` such as `test://item/{id}`. */
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
