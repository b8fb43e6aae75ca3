import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { loadChunk } from '../../lib/load-chunk.ts';
import { PageLoading } from '../layouts/PageLoading.tsx';
import { useUserInfo } from '../../lib/session.ts';
import { useAuthDialogs } from '../../lib/auth-dialogs.ts';
import { isAdminRoleAbove } from '@xueban/contract/roles';

// The chat is its own chunk, so /home's first load stays small (design §6).
const ChatHome = lazy(() => loadChunk(() => import('../../features/chat/components/ChatHome.tsx')));
// The admin's first-start checklist: its own chunk too, fetched only for admins.
const AdminChecklist = lazy(() => loadChunk(() => import('../../features/onboarding/components/AdminChecklist.tsx')));

const INTRO =
  '学伴 AI 是面向学校的 AI 机器人对话与教学平台：学生用文字或语音和 AI 机器人对话学习，教师和创作者用知识库、意图和工具搭建、发布和管理自己的机器人。';

/** /home: the chat with the default robot once logged in; an introduction and 登录 before. */
export default function HomePage() {
  const { data: user, isPending } = useUserInfo();
  const show = useAuthDialogs((s) => s.show);

  if (isPending) return <div className="home" aria-busy="true" />;

  if (user) {
    return (
      <div className="home-chat">
        <div className="home-chat-greeting">
          <h1>你好，{user.truename || user.name}</h1>
          {user.group_info && <span>当前组织：{user.group_info.name}</span>}
        </div>
        {isAdminRoleAbove(user.roles) && (
          <Suspense fallback={null}>
            <AdminChecklist />
          </Suspense>
        )}
        <Suspense fallback={<PageLoading />}>
          <ChatHome />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="home">
      <h1 className="home-title">欢迎使用学伴 AI</h1>
      <p className="home-intro">{INTRO}</p>
      <Button type="primary" size="large" onClick={() => show('login')}>
        登录后开始使用
      </Button>
    </div>
  );
}
