import { Args, Complete, Field, Prompt, Tools } from 'elicitor';
import { ContentBlocks } from '../content/content-blocks.js';

export class PromptArguments {
  @Field({ description: 'First test argument' }) arg1!: string;
  @Field({ description: 'Second test argument' }) arg2!: string;
}

export class EmbeddedResourceArguments {
  @Field({ description: 'URI of the resource to embed' }) resourceUri!: string;
}

const ARGUMENT_SUGGESTIONS = ['test', 'testValue1', 'testValue2', 'example', 'sample'];

/** The suite's prompt scenarios: plain text, arguments, an embedded resource and an image. */
@Tools()
export class TestPrompts {
  @Prompt({ name: 'test_simple_prompt', description: 'A simple prompt without arguments' })
  simplePrompt(): string {
    return 'This is a simple prompt for testing.';
  }

  @Prompt({ name: 'test_prompt_with_arguments', description: 'A prompt with two required arguments' })
  promptWithArguments(@Args() args: PromptArguments): string {
    return `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`;
  }

  @Complete({ prompt: 'test_prompt_with_arguments', argument: 'arg1' })
  completeArg1(value: string): string[] {
    return ARGUMENT_SUGGESTIONS.filter((suggestion) => suggestion.startsWith(value));
  }

  @Prompt({
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt that embeds the resource you name',
  })
  promptWithEmbeddedResource(@Args() args: EmbeddedResourceArguments): unknown[] {
    return [
      {
        role: 'user',
        content: ContentBlocks.textResource(
          args.resourceUri,
          'text/plain',
          'Embedded resource content for testing.',
        ),
      },
      { role: 'user', content: ContentBlocks.text('Please process the embedded resource above.') },
    ];
  }

  @Prompt({ name: 'test_prompt_with_image', description: 'A prompt with an image' })
  promptWithImage(): unknown[] {
    return [
      { role: 'user', content: ContentBlocks.pixelImage() },
      { role: 'user', content: ContentBlocks.text('Please analyze the image above.') },
    ];
  }
}
