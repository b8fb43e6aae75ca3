import { useEffect } from 'react';
import { Empty, Flex, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useUserInfo } from '../../lib/session.ts';
import { robotDetailQueryOptions } from '../../features/robot-join/api/get-robot-detail.ts';
import { RobotActions } from '../../features/robot-join/components/RobotActions.tsx';
import { RobotInfoPanel } from '../../features/robot-join/components/RobotInfoPanel.tsx';
import { ChatSlot } from '../../features/chat/components/ChatSlot.tsx';
import { SceneRobotList } from '../../features/robots/components/SceneRobotList.tsx';

/**
 * /appAssistant/appScene/{sceneId}?rid=…&r_tab=talk&pop (spec §2): the 机器人列表 column on the
 * left (the caller's robots of that scene) and the selected robot (query rid) on the right.
 */
export default function AppScenePage() {
  const { sceneId } = useParams();
  const scene = Number(sceneId);
  const [search, setSearch] = useSearchParams();
  const rid = Number(search.get('rid'));
  const active = Number.isInteger(rid) && rid > 0 ? rid : undefined;
  const { data: user } = useUserInfo();
  const robot = useQuery({ ...robotDetailQueryOptions(active ?? 0), enabled: !!active });

  const select = (id: number) => {
    const next = new URLSearchParams(search);
    next.set('rid', String(id));
    if (!next.get('r_tab')) next.set('r_tab', 'talk');
    setSearch(next);
  };

  // A robot that cannot be opened (deleted, not visible) drops out of the query.
  const failed = robot.isError;
  useEffect(() => {
    if (!failed) return;
    const next = new URLSearchParams(search);
    next.delete('rid');
    setSearch(next, { replace: true });
  }, [failed, search, setSearch]);

  if (!Number.isInteger(scene) || scene <= 0) return <Empty description="场景不存在" style={{ margin: 48 }} />;
  const data = robot.data;
  return (
    <Flex className="page-fill" style={{ background: '#fff' }}>
      <SceneRobotList sceneId={scene} activeId={active} canCreate={!!user?.is_developer} onSelect={select} />
      <Flex flex={1} style={{ minWidth: 0 }}>
        {!active ? <Flex flex={1} align="center" justify="center"><Empty description="请选择一个机器人" /></Flex>
          : !data ? <Flex flex={1} align="center" justify="center"><Spin /></Flex>
            : (
              <>
                <Flex vertical flex={1} style={{ minWidth: 0 }}><ChatSlot robot={data} /></Flex>
                <RobotInfoPanel robot={data} templateMode={false} actions={<RobotActions robot={data} />} />
              </>
            )}
      </Flex>
    </Flex>
  );
}
