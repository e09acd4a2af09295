import { Tool, Tools, UserError } from 'elicitor';
import { ContentBlocks } from '../content/content-blocks.js';

/**
 * Tools that return each kind of content block. Listed first on purpose: the suite's header checks call
 * the first tool of `tools/list` with no arguments and expect it to succeed.
 */
@Tools()
export class ContentTools {
  @Tool({ name: 'test_simple_text', description: 'Returns a simple text response' })
  simpleText(): string {
    return 'This is a simple text response for testing.';
  }

  @Tool({ name: 'test_image_content', description: 'Returns a small PNG image' })
  imageContent(): unknown[] {
    return [ContentBlocks.pixelImage()];
  }

  @Tool({ name: 'test_audio_content', description: 'Returns a short silent WAV clip' })
  audioContent(): unknown[] {
    return [ContentBlocks.silentAudio()];
  }

  @Tool({ name: 'test_embedded_resource', description: 'Returns an embedded text resource' })
  embeddedResource(): unknown[] {
    return [
      ContentBlocks.textResource(
        'test://embedded-resource',
        'text/plain',
        'This is an embedded resource content.',
      ),
    ];
  }

  @Tool({
    name: 'test_multiple_content_types',
    description: 'Returns text, an image and an embedded resource together',
  })
  multipleContentTypes(): unknown[] {
    return [
      ContentBlocks.text('Multiple content types test:'),
      ContentBlocks.pixelImage(),
      ContentBlocks.textResource(
        'test://mixed-content-resource',
        'application/json',
        JSON.stringify({ test: 'data', value: 123 }),
      ),
    ];
  }

  @Tool({ name: 'test_error_handling', description: 'Always fails with a tool error (isError: true)' })
  errorHandling(): never {
    throw new UserError('This tool intentionally returns an error for testing');
  }
}
