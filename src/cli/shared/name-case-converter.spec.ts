import { splitWords, toCamelCase, toKebabCase, toPascalCase } from './name-case-converter.js';

describe('name case helpers', () => {
  it.each([
    ['user-profile', ['user', 'profile']],
    ['user_profile', ['user', 'profile']],
    ['userProfile', ['user', 'profile']],
    ['UserProfile', ['user', 'profile']],
    ['user profile', ['user', 'profile']],
    ['HTTPClient', ['http', 'client']],
    ['oauth2Login', ['oauth', '2', 'login']],
    ['  --weird__Name--  ', ['weird', 'name']],
  ])('splits %p into words', (input, words) => {
    expect(splitWords(input)).toStrictEqual(words);
  });

  it('builds each case from the words', () => {
    expect(toKebabCase('ShoppingCart')).toBe('shopping-cart');
    expect(toPascalCase('shopping-cart')).toBe('ShoppingCart');
    expect(toCamelCase('shopping_cart')).toBe('shoppingCart');
    expect(toKebabCase('')).toBe('');
  });
});
