import { ClockCircleOutlined, DollarOutlined, GiftOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { SiteText } from '../texts';
import './landing.css';

const icons: Record<(typeof SiteText.benefits)[number]['key'], ReactNode> = {
  speed: <ThunderboltOutlined aria-hidden />,
  price: <DollarOutlined aria-hidden />,
  hours: <ClockCircleOutlined aria-hidden />,
  trial: <GiftOutlined aria-hidden />,
};

/** The landing page's benefits (customer side section 1: speed, price, hours, trial tokens). */
export function LandingBenefits() {
  return (
    <section aria-labelledby="landing-benefits">
      <h2 id="landing-benefits" className="landing-benefits__title">
        {SiteText.benefitsTitle}
      </h2>
      <ul className="landing-benefits__list">
        {SiteText.benefits.map((benefit) => (
          <li key={benefit.key} className="landing-benefits__card">
            <div className="landing-benefits__icon">{icons[benefit.key]}</div>
            <h3 className="landing-benefits__name">{benefit.title}</h3>
            <p className="landing-benefits__text text-secondary">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
