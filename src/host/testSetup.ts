import { setTestHostDefaults } from '../../engine/testing';
import { productHost } from './services';

// Tests render pages and widgets with the product's widget kinds, vocabularies and filter kinds,
// as the app does (vitest setupFiles).
setTestHostDefaults(productHost);
