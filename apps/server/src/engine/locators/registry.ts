import type { Config } from '../../config';
import type { Locator } from './locator';
import { createGalleryLocator } from './gallery.locator';
import { createMetadataLocator } from './metadata.locator';
import { createSequenceLocator } from './sequence.locator';
import { createTextLocator } from './text.locator';
import { createVisionLocator } from './vision.locator';

/** Every locator the engine knows, in the order they run. Adding one: its file, plus one line here. */
export const LOCATORS: readonly Locator[] = [
  createMetadataLocator(),
  createTextLocator(),
  createGalleryLocator(),
  // After the slow locators, so that photos of the same upload analysed alongside have read their GPS by then.
  createSequenceLocator(),
  createVisionLocator(),
];

/** The locators switched on by the current settings. */
export function enabledLocators(config: Config, all: readonly Locator[] = LOCATORS): Locator[] {
  return all.filter((l) => l.enabled(config)).map((l) => l.forConfig?.(config) ?? l);
}
