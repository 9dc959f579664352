import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

interface NotFoundProps {
  subTitle: string;
  backLabel: string;
  backTo: string;
}

/** The 404 answer of an unknown route. */
export function NotFound({ subTitle, backLabel, backTo }: NotFoundProps) {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => void navigate(backTo)}>
          {backLabel}
        </Button>
      }
    />
  );
}
