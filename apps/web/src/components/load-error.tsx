import { Button, Result } from 'antd';

interface LoadErrorProps {
  title: string;
  retryLabel: string;
  onRetry: () => void;
}

/** Shown when data a page needs could not be loaded. */
export function LoadError({ title, retryLabel, onRetry }: LoadErrorProps) {
  return (
    <Result
      status="error"
      title={title}
      extra={
        <Button type="primary" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
