import { lazy, Suspense } from 'react';
import { CommentOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import type { UserInfo } from '@xueban/contract/uc';
import { isEmbedded } from '../../../lib/embed.ts';
import { loadChunk } from '../../../lib/load-chunk.ts';
import { useFeedbackDialog } from '../stores/feedback-dialog.ts';
import './feedback.css';

// The form (Form, Upload, Modal) loads on first open, never with the page.
const FeedbackDialog = lazy(() => loadChunk(() => import('./FeedbackDialog.tsx')));

/**
 * The feedback entrance on every page (spec §1, §2): a floating 反馈 button at the bottom right
 * for logged-in users (feedback is sent as the user). Embeds keep their chrome-free look, but
 * `openFeedbackDialog` still opens the form from a menu.
 */
export function FeedbackEntrance({ user }: { user: UserInfo | null }) {
  const location = useLocation();
  const seen = useFeedbackDialog((s) => s.seen);
  const show = useFeedbackDialog((s) => s.show);
  if (!user) return null;
  return (
    <>
      {!isEmbedded(location.search) && (
        <button type="button" className="feedback-entrance" aria-label="意见反馈" title="意见反馈" onClick={show}>
          <CommentOutlined aria-hidden />
          <span>反馈</span>
        </button>
      )}
      {seen && (
        <Suspense fallback={null}>
          {/* Keyed by user: the contact prefill belongs to whoever is logged in. */}
          <FeedbackDialog key={user.uid} defaultContact={user.mobile || user.email || ''} />
        </Suspense>
      )}
    </>
  );
}
