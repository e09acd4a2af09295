export type {
  ClassProvider,
  FactoryProvider,
  Provider,
  ProviderScope,
  ValueProvider,
} from '../metadata/provider.js';
