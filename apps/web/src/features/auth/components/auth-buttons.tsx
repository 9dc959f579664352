import { CustomerText } from '@retouch/shared/texts';
import { useNavigate } from 'react-router';
import './auth-buttons.css';

/** Login and Register buttons of the logged-out header (plain buttons: the header is prerendered). */
export function AuthButtons({ vertical = false }: { vertical?: boolean }) {
  const navigate = useNavigate();
  return (
    <div className={vertical ? 'auth-buttons auth-buttons--vertical' : 'auth-buttons'}>
      <button type="button" className="button" onClick={() => void navigate('/login')}>
        {CustomerText.login}
      </button>
      <button type="button" className="button button--primary" onClick={() => void navigate('/register')}>
        {CustomerText.register}
      </button>
    </div>
  );
}
