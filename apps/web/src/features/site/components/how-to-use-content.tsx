import { Link } from 'react-router';

/** The page's meta description. */
export const howToUseDescription =
  'How to order a retouch: upload a photo, mark the people, choose the services, send the order and download the result.';

const steps = [
  {
    title: 'Upload a photo',
    text: 'Open the editor and press the upload button. A JPEG or PNG photo works best.',
  },
  {
    title: 'Mark the people',
    text: 'Click each person on the photo you want retouched. Services for the whole picture go to the photo itself.',
  },
  {
    title: 'Choose the services',
    text: 'Pick the retouching for each person from the service slider. The cost in tokens and the time add up as you choose.',
  },
  {
    title: 'Send the order',
    text: 'Press SEND TO RETOUCH. You need to be logged in and have enough tokens; new accounts get trial tokens.',
  },
  {
    title: 'Get the result',
    text: 'Follow the progress on the history page, download the finished picture, ask for a revision or leave a tip for the designer.',
  },
] as const;

/** The instructions of /how-to-use. */
export function HowToUseContent() {
  return (
    <>
      <p>
        Ordering a retouch takes five steps. Everything happens in the <Link to="/core">retouch editor</Link>.
      </p>
      <ol style={{ paddingInlineStart: 20 }}>
        {steps.map((step) => (
          <li key={step.title}>
            <h2 style={{ fontSize: 20 }}>{step.title}</h2>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      <p>
        <Link to="/core">Open the retouch editor</Link>
      </p>
    </>
  );
}
