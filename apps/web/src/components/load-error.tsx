import { Button, Result } from 'antd';

interface LoadErrorProps {
  title: string;
  /** What failed, under the title. */
  subTitle?: string;
  retryLabel: string;
  onRetry: () => void;
}

/** Shown when data a page needs could not be loaded. */
export function LoadError({ title, subTitle, retryLabel, onRetry }: LoadErrorProps) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
