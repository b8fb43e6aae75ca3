import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { pathTo } from '../../../app/paths.ts';
import { reloadSession } from '../../../lib/session.ts';
import { getLoginUrl } from '../api/login-url.ts';
import { oauthCallback } from '../api/oauth-callback.ts';

const PASSED = ['state', 'code', 'error', 'error_description', 'iss'] as const;

/**
 * /oauth: the return point of a school's identity provider. With `code`/`state` it trades them
 * for a session and goes where the login was headed; with `group_id` it starts the login (the
 * school's entry link); otherwise it explains itself.
 */
export function OAuthReturn() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const state = search.get('state');
  const groupId = Number(search.get('group_id')) || 0;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (err: unknown) => setFailure(err instanceof Error ? err.message : '统一身份认证登录失败，请重试');
    if (state) {
      const input = Object.fromEntries(PASSED.map((k) => [k, search.get(k) ?? undefined]));
      oauthCallback(input as never).then(async ({ redirect }) => {
        await reloadSession(queryClient);
        if (redirect.startsWith('/')) navigate(redirect, { replace: true });
        else window.location.assign(redirect);
      }, fail);
    } else if (groupId) {
      getLoginUrl(groupId, search.get('redirect_uri') ?? undefined).then(({ url }) => window.location.assign(url), fail);
    }
  }, [state, groupId, search, navigate, queryClient]);

  if (failure) {
    return <Result status="error" title="登录失败" subTitle={failure} extra={<Button type="primary" onClick={() => navigate(pathTo('home'))}>返回首页</Button>} />;
  }
  if (state || groupId) return <Result icon={<Spin size="large" />} title={state ? '正在登录…' : '正在前往学校统一身份认证…'} />;
  return (
    <Result
      status="info" title="统一身份认证"
      subTitle="这里是学校统一身份认证登录后的返回页。请从学校提供的登录入口进入，或使用账号密码登录。"
      extra={<Button type="primary" onClick={() => navigate(pathTo('user-login'))}>账号密码登录</Button>}
    />
  );
}
