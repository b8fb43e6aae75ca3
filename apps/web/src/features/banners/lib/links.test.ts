import { describe, expect, it } from 'vitest';
import { bannerTarget, ownImage, salesContact } from './links.ts';

describe('ownImage', () => {
  it('keeps only files served by this server', () => {
    expect(ownImage('/api/files/image/2024-03/abc.png')).toBe('/api/files/image/2024-03/abc.png');
    for (const url of ['https://cdn.example/x.png', '//cdn.example/x.png', '/api/files/', '/api/files/../x', 'data:image/png;base64,AA', '', null]) {
      expect(ownImage(url)).toBeNull();
    }
  });
});

describe('bannerTarget', () => {
  it('follows app paths in place and http(s) pages in a new tab', () => {
    expect(bannerTarget('/group/user/organization')).toEqual({ kind: 'internal', path: '/group/user/organization' });
    expect(bannerTarget('https://example.com/upgrade')).toEqual({ kind: 'external', href: 'https://example.com/upgrade' });
  });

  it('drops scripts, protocol-relative and empty links', () => {
    for (const link of ['javascript:alert(1)', '//evil.example', '/\\evil.example', 'ftp://x', '', undefined]) {
      expect(bannerTarget(link)).toBeNull();
    }
  });
});

describe('salesContact', () => {
  it('links a page, an email address and a phone number', () => {
    expect(salesContact('https://example.com/sales')).toEqual({ href: 'https://example.com/sales', isPage: true, text: 'https://example.com/sales' });
    expect(salesContact('sales@example.com')).toMatchObject({ href: 'mailto:sales@example.com', isPage: false });
    expect(salesContact('400-800 1234')).toMatchObject({ href: 'tel:4008001234', isPage: false });
  });

  it('shows other text as it is, and nothing when unset', () => {
    expect(salesContact('微信 xueban-sales')).toEqual({ href: null, isPage: false, text: '微信 xueban-sales' });
    expect(salesContact('javascript:alert(1)')).toMatchObject({ href: null });
    expect(salesContact('  ')).toBeNull();
  });
});
