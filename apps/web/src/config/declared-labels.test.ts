import { describe, expect, it } from 'vitest';
import { type DeclaredSection, declaredKeys, declaredLabel, declaringFeatures } from './declared-labels';

const SECTIONS: DeclaredSection[] = ['mailModules', 'mailEvents', 'mailTemplateNames', 'auditKinds'];

describe("the features' declared labels", () => {
  it('name every mail event, mail module, template name and audit kind in English, German and French', () => {
    for (const section of SECTIONS) {
      expect(declaredKeys(section).length, section).toBeGreaterThan(0);
      for (const language of ['de', 'fr']) {
        const missing = declaredKeys(section).filter((key) => !declaringFeatures(section, language)[key]);
        expect(missing, `${section} in ${language}`).toEqual([]);
      }
    }
  });

  it('are declared by one feature each', () => {
    for (const section of SECTIONS) {
      const twice = Object.entries(declaringFeatures(section, 'en')).filter(([, features]) => features.length > 1);
      expect(twice, section).toEqual([]);
    }
  });

  it('give each mail event a module that is declared too', () => {
    const modules = declaredKeys('mailModules');
    expect(declaredKeys('mailEvents').filter((event) => !modules.includes(event.split('.')[0] ?? ''))).toEqual([]);
  });

  it('fall back to English, then to the key', () => {
    expect(declaredLabel('auditKinds', 'news', 'de')).toBe('Neuigkeit');
    expect(declaredLabel('mailEvents', 'ticket.answered', 'de')).toBe('Ticket beantwortet');
    expect(declaredLabel('mailEvents', 'ticket.answered', 'ja')).toBe('Ticket answered');
    expect(declaredLabel('auditKinds', 'unknown-kind', 'de')).toBe('unknown-kind');
  });
});
