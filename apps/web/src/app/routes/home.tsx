import { Button } from 'antd';
import { useUserInfo } from '../../features/auth/api/get-user-info.ts';
import { useAuthDialogs } from '../../features/auth/stores/auth-dialogs.ts';

const INTRO =
  '学伴 AI 是面向学校的 AI 机器人对话与教学平台：学生用文字或语音和 AI 机器人对话学习，教师和创作者用知识库、意图和工具搭建、发布和管理自己的机器人。';

/** /home. Only real data: who is logged in and their organisation. */
export default function HomePage() {
  const { data: user, isPending } = useUserInfo();
  const show = useAuthDialogs((s) => s.show);

  if (isPending) return <div className="home" aria-busy="true" />;

  return (
    <div className="home">
      {user ? (
        <>
          <h1 className="home-title">你好，{user.truename || user.name}</h1>
          {user.group_info && <p className="home-meta">当前组织：{user.group_info.name}</p>}
          <p className="home-intro">{INTRO}</p>
        </>
      ) : (
        <>
          <h1 className="home-title">欢迎使用学伴 AI</h1>
          <p className="home-intro">{INTRO}</p>
          <Button type="primary" size="large" onClick={() => show('login')}>
            登录后开始使用
          </Button>
        </>
      )}
    </div>
  );
}
