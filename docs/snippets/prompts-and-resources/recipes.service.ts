import { injectable } from 'inversify';

export interface Recipe {
  id: string;
  title: string;
  minutes: number;
}

/** The app's data: what the prompts and resources read. */
@injectable()
export class RecipeBook {
  private readonly recipes: Recipe[] = [
    { id: 'pancakes', title: 'Pancakes', minutes: 20 },
    { id: 'paella', title: 'Paella', minutes: 60 },
    { id: 'pesto', title: 'Pesto', minutes: 10 },
  ];

  find(id: string): Recipe | undefined {
    return this.recipes.find((recipe) => recipe.id === id);
  }

  ids(): string[] {
    return this.recipes.map((recipe) => recipe.id);
  }
}
