// The card's skills (CARD-5) with tags, modes and examples; one click on an example puts it in the composer and
// switches to the conversation, ready to send.

import { useAppStore } from '../../store/appStore';
import { VisibleName } from '../render';
import type { CardSkill } from './cardSummary';

export function CardSkills({ skills }: { skills: readonly CardSkill[] }) {
  const setComposerText = useAppStore((state) => state.setComposerText);
  const setActiveTab = useAppStore((state) => state.setActiveTab);
  return (
    <section aria-label="Skills" className="card-section card-skills">
      <h3>Skills</h3>
      {skills.length === 0 && <p className="muted">No skills declared.</p>}
      {skills.map((skill) => (
        <article key={skill.id} className="skill" data-testid="skill" data-skill-id={skill.id}>
          <h4>
            <VisibleName text={skill.name} /> <code className="muted">{skill.id}</code>
          </h4>
          {skill.description && <p>{skill.description}</p>}
          {skill.tags.length > 0 && (
            <p className="card-tags">
              {skill.tags.map((tag) => (
                <span key={tag} className="badge" data-testid="skill-tag">
                  <VisibleName text={tag} />
                </span>
              ))}
            </p>
          )}
          {(skill.inputModes.length > 0 || skill.outputModes.length > 0) && (
            <p className="muted">
              Input: {skill.inputModes.join(', ') || 'the defaults'} · Output:{' '}
              {skill.outputModes.join(', ') || 'the defaults'}
            </p>
          )}
          {skill.examples.map((example, i) => (
            <button
              key={`${i} ${example}`}
              type="button"
              className="example"
              title="Put this example in the composer"
              onClick={() => {
                setComposerText(example);
                setActiveTab('conversation');
              }}
              data-testid="skill-example"
            >
              {example}
            </button>
          ))}
        </article>
      ))}
    </section>
  );
}
