import { IsOptional, Length } from 'class-validator';
import { Args, Complete, Field, Prompt, Resource, Tools, UserError } from 'elicitor';
import type { CompletionValues } from 'elicitor';
import { RecipeBook } from './recipes.service.js';

export class CookArgs {
  @Field({ description: 'Which recipe' }) @Length(1, 40) recipe!: string;
  @Field({ description: 'Who is cooking' }) @IsOptional() @Length(1, 40) cook?: string;
}

export class RecipeAddress {
  @Field() id!: string;
}

@Tools()
export class RecipeCatalog {
  constructor(private readonly book: RecipeBook) {}

  // Arguments listed from CookArgs: recipe (required), cook (optional).
  @Prompt({ title: 'Cook a recipe', description: 'Step-by-step cooking help' })
  cook(@Args() args: CookArgs): string {
    return `Walk ${args.cook ?? 'me'} through cooking ${args.recipe}, one step at a time.`; // one user message
  }

  @Prompt({ name: 'critique', description: 'A review of a dish, as a short conversation' })
  critique(): unknown[] {
    return [
      { role: 'user', content: { type: 'text', text: 'Review my paella.' } },
      { role: 'assistant', content: { type: 'text', text: 'Send me a photo and the recipe.' } },
    ];
  }

  @Complete({ prompt: 'cook', argument: 'recipe' })
  recipeNames(value: string): string[] {
    return this.book.ids().filter((id) => id.startsWith(value));
  }

  @Resource({ uri: 'recipes://index', name: 'index', mimeType: 'text/plain' })
  index(): string {
    return this.book.ids().join('\n');
  }

  @Resource({ uriTemplate: 'recipes://{id}', name: 'recipe', mimeType: 'application/json' })
  recipe(@Args() address: RecipeAddress): object {
    const recipe = this.book.find(address.id);
    if (!recipe) throw new UserError(`No recipe called ${address.id}`);
    return recipe; // an object: its JSON as the text
  }

  @Complete({ resourceTemplate: 'recipes://{id}', argument: 'id' })
  recipeIds(value: string): CompletionValues {
    const values = this.book.ids().filter((id) => id.startsWith(value));
    return { values: values.slice(0, 1), total: values.length, hasMore: values.length > 1 };
  }
}
