import { describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { CONTENT_MAX, canSubmit, checkFeedbackImage, composeContent, isValidContact } from './feedback-rules.ts';

describe('isValidContact (spec §5)', () => {
  it('accepts empty, a mainland mobile or an email', () => {
    for (const v of ['', '  ', '13812345678', '19900001111', 'a@b.cn', ' user.name@school.edu.cn ']) expect(isValidContact(v)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const v of ['12812345678', '1381234567', '138123456789', 'abc', 'a@b', '微信号']) expect(isValidContact(v)).toBe(false);
  });
});

describe('checkFeedbackImage (spec §5)', () => {
  it('takes jpg, jpeg and png', () => {
    expect(checkFeedbackImage({ name: 'a.JPG', type: 'image/jpeg' }, 0)).toBeNull();
    expect(checkFeedbackImage({ name: 'a.jpeg', type: 'image/jpeg' }, 0)).toBeNull();
    expect(checkFeedbackImage({ name: 'a.png', type: '' }, 4)).toBeNull();
  });

  it('refuses other formats with the spec message', () => {
    for (const f of [{ name: 'a.gif', type: 'image/gif' }, { name: 'a.webp', type: 'image/webp' }, { name: 'a.png', type: 'image/svg+xml' }, { name: 'png', type: '' }]) {
      expect(checkFeedbackImage(f, 0)).toBe(MSG.feedbackImageType);
    }
  });

  it('refuses a sixth picture', () => {
    expect(checkFeedbackImage({ name: 'a.png', type: 'image/png' }, 5)).toBe(MSG.feedbackTooManyImages);
  });
});

describe('composeContent', () => {
  it('appends the page address', () => {
    expect(composeContent(' 按钮点不动 ', 'http://x/home')).toBe('按钮点不动\n\n页面地址：http://x/home');
  });

  it('stays within the server limit', () => {
    expect(composeContent('字'.repeat(1000), `http://x/${'a'.repeat(5000)}`)).toHaveLength(CONTENT_MAX);
  });
});

describe('canSubmit (spec §4)', () => {
  it('needs content and contact and no send in flight', () => {
    expect(canSubmit('问题', '13812345678', false)).toBe(true);
    expect(canSubmit('问题', '', false)).toBe(false);
    expect(canSubmit('  ', '13812345678', false)).toBe(false);
    expect(canSubmit('问题', '13812345678', true)).toBe(false);
  });
});
