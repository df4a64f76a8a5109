import { JudgeApplicationForm } from '../components/judge-application-form';
import '../components/judge-application-form.css';

export function JudgeApplicationPage() {
  return (
    <section className="page page--narrow judge-page" aria-labelledby="judge-heading">
      <h1 id="judge-heading">Join Our Teaching Panel</h1>
      <p className="judge-page__intro">
        Dancers, singers, artists, storytellers and trainers: help judge and teach the children of the Kids Talent
        Competition. Tell us about yourself and we will be in touch.
      </p>
      <JudgeApplicationForm />
    </section>
  );
}
