import { describe, expect, it } from 'vitest';
import { OUTCOME_REASONS } from '@dama/core';
import { en } from './en.ts';
import { tr } from './tr.ts';
import { capitalize, detectLang, lower, reasonKey, upper } from './index.ts';

describe('catalogues', () => {
  it('have the same keys, of the same kinds', () => {
    expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(typeof tr[key]).toBe(typeof en[key]);
  });

  it('have no empty texts', () => {
    for (const cat of [en, tr])
      for (const [key, value] of Object.entries(cat))
        if (typeof value === 'string') expect(value.trim(), key).not.toBe('');
  });

  it('name every outcome reason', () => {
    for (const reason of OUTCOME_REASONS) {
      expect(en[reasonKey(reason)], reason).toBeTypeOf('string');
      expect(tr[reasonKey(reason)], reason).toBeTypeOf('string');
    }
  });
});

describe('language choice', () => {
  it('is Turkish when the browser says Turkish', () => {
    expect(detectLang(['tr-TR', 'en'])).toBe('tr');
    expect(detectLang(['tr'])).toBe('tr');
    expect(detectLang(['en-US', 'tr'])).toBe('en');
    expect(detectLang([])).toBe('en');
    expect(detectLang(undefined)).toBe('en');
  });
});

describe('Turkish casing', () => {
  it('keeps the dots of i and ı', () => {
    expect(upper('iki kişi', 'tr')).toBe('İKİ KİŞİ');
    expect(upper('ılık', 'tr')).toBe('ILIK');
    expect(lower('IŞIK', 'tr')).toBe('ışık');
    expect(capitalize('iki kişilik', 'tr')).toBe('İki kişilik');
    expect(upper('iki', 'en')).toBe('IKI');
  });
});
