import { Args, Complete, Field, Resource, Tools } from 'elicitor';
import { PIXEL_PNG_BYTES } from '../content/test-media.js';

export class TemplateVariables {
  @Field() id!: string;
}

/** The suite's resources: static text and binary, a template, and one clients subscribe to. */
@Tools()
export class TestResources {
  @Resource({
    uri: 'test://static-text',
    name: 'static-text',
    description: 'A static text resource',
    mimeType: 'text/plain',
  })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  @Resource({
    uri: 'test://static-binary',
    name: 'static-binary',
    description: 'A static PNG image',
    mimeType: 'image/png',
  })
  staticBinary(): Uint8Array {
    return PIXEL_PNG_BYTES;
  }

  @Resource({
    uri: 'test://watched-resource',
    name: 'watched-resource',
    description: 'A resource clients can subscribe to',
    mimeType: 'text/plain',
  })
  watchedResource(): string {
    return 'This resource is watched for changes.';
  }

  @Resource({
    uriTemplate: 'test://template/{id}/data',
    name: 'template-data',
    description: 'Data for any id',
    mimeType: 'application/json',
  })
  templateData(@Args() variables: TemplateVariables): Record<string, unknown> {
    return { id: variables.id, templateTest: true, data: `Data for ID: ${variables.id}` };
  }

  @Complete({ resourceTemplate: 'test://template/{id}/data', argument: 'id' })
  completeId(value: string): string[] {
    return ['123', '456', '789'].filter((id) => id.startsWith(value));
  }
}
