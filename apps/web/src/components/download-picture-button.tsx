import { DownloadOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { downloadPicture } from '@/lib/download-picture';

interface DownloadPictureButtonProps {
  url: string;
  type?: ButtonProps['type'];
  children: string;
}

/** A button that saves the picture at `url` as image.jpg (`downloadPicture`). */
export function DownloadPictureButton({ url, type, children }: DownloadPictureButtonProps) {
  return (
    <Button type={type} icon={<DownloadOutlined aria-hidden />} onClick={() => void downloadPicture(url)}>
      {children}
    </Button>
  );
}
