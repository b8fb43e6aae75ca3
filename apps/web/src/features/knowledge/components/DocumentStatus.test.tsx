import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installAntdJsdomShims } from '../../../test-support/antd-jsdom.ts';
import { DocumentStatus } from './DocumentStatus.tsx';

describe('DocumentStatus (a document\'s training state in the table)', () => {
  beforeEach(() => installAntdJsdomShims());
  afterEach(cleanup);

  it('shows 排队中 and 已就绪 as tags, without a bar', () => {
    const { rerender } = render(<DocumentStatus doc={{ status: 'queued', progress: 0, error: '' }} />);
    expect(screen.getByText('排队中')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<DocumentStatus doc={{ status: 'ready', progress: 100, error: '' }} />);
    expect(screen.getByText('已就绪')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows 训练中 with its progress, bounded to 0..100', () => {
    const { rerender } = render(<DocumentStatus doc={{ status: 'training', progress: 42.4, error: '' }} />);
    expect(screen.getByText('训练中')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '训练进度' }).getAttribute('aria-valuenow')).toBe('42');
    rerender(<DocumentStatus doc={{ status: 'training', progress: 130, error: '' }} />);
    expect(screen.getByRole('progressbar', { name: '训练进度' }).getAttribute('aria-valuenow')).toBe('100');
  });

  it('shows 训练失败 with the reason a user can act on', () => {
    render(<DocumentStatus doc={{ status: 'failed', progress: 10, error: '文件已加密，无法读取' }} />);
    expect(screen.getByText('训练失败')).toBeTruthy();
    expect(screen.getByText('文件已加密，无法读取')).toBeTruthy();
  });
});
