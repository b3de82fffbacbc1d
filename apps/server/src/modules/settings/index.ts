import { defineModule } from '../../lib/define-module';

export { createSettingsStore, saveSettings } from './settings.service';

/**
 * Business settings (ADR 0133): the sections the areas declare (`defineModule({ settings })`), kept in the
 * database and read through `deps.settings`. No routes yet: the global-configuration screens come next.
 */
export const settingsModule = defineModule({ name: 'settings', service: 'api' });
