import { Module } from 'elicitor';
import { RecipeBook } from './recipes.service.js';
import { RecipeCatalog } from './recipes.tools.js';

@Module({ tools: [RecipeCatalog], providers: [RecipeBook] })
export class RecipesModule {}
