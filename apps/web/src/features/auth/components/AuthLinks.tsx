import { Button } from 'antd';
import { useAuthDialogs, type AuthDialog } from '../../../lib/auth-dialogs.ts';

/** The row under login / register / reset-pass that moves between them. */
export function AuthLinks({ links }: { links: readonly (readonly [label: string, to: AuthDialog])[] }) {
  const show = useAuthDialogs((s) => s.show);
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
      {links.map(([label, to]) => (
        <Button key={to} type="link" size="small" style={{ padding: 0 }} onClick={() => show(to)}>
          {label}
        </Button>
      ))}
    </div>
  );
}
