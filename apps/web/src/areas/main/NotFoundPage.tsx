import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { pathTo } from '../../app/paths.ts';

/** /404: where unknown paths land (spec §2). */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="page-center">
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在"
        extra={
          <Button type="primary" onClick={() => navigate(pathTo('home'))}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
