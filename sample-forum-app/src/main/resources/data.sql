-- Demo data: twelve users and a handful of articles. Avatars are served by the app itself.
-- Run on every start against the H2 file (application.yml): users are merged by id, and the
-- articles are written only into a forum that has none yet.
MERGE INTO forum_user (id, name, avatar) KEY (id) VALUES
    (1,  'Ada Lovelace',     '/avatars/1.svg'),
    (2,  'Alan Turing',      '/avatars/2.svg'),
    (3,  'Grace Hopper',     '/avatars/3.svg'),
    (4,  'Edsger Dijkstra',  '/avatars/4.svg'),
    (5,  'Barbara Liskov',   '/avatars/5.svg'),
    (6,  'Donald Knuth',     '/avatars/6.svg'),
    (7,  'Margaret Hamilton','/avatars/7.svg'),
    (8,  'Ken Thompson',     '/avatars/8.svg'),
    (9,  'Frances Allen',    '/avatars/9.svg'),
    (10, 'Dennis Ritchie',   '/avatars/10.svg'),
    (11, 'Radia Perlman',    '/avatars/11.svg'),
    (12, 'Tony Hoare',       '/avatars/12.svg');

INSERT INTO article (author_id, title, content, created_at)
SELECT * FROM (VALUES
    (1, 'Notes on the Analytical Engine', 'The engine weaves algebraic patterns just as the loom weaves flowers and leaves.', TIMESTAMP WITH TIME ZONE '2024-01-01 09:00:00+00'),
    (4, 'Goto considered harmful, revisited', 'Structured control flow keeps the distance between program text and process small.', TIMESTAMP WITH TIME ZONE '2024-01-02 09:00:00+00'),
    (3, 'Debugging, literally', 'We found a moth in relay 70 of panel F. First actual case of a bug being found.', TIMESTAMP WITH TIME ZONE '2024-01-03 09:00:00+00'),
    (5, 'Substitution, explained simply', 'If S is a subtype of T, objects of type T may be replaced with objects of type S.', TIMESTAMP WITH TIME ZONE '2024-01-04 09:00:00+00'),
    (6, 'Premature optimization', 'We should forget about small efficiencies, say about 97% of the time.', TIMESTAMP WITH TIME ZONE '2024-01-05 09:00:00+00'),
    (12, 'The billion dollar mistake', 'I call it my billion-dollar mistake: the invention of the null reference in 1965.', TIMESTAMP WITH TIME ZONE '2024-01-06 09:00:00+00')
) AS demo (author_id, title, content, created_at)
WHERE NOT EXISTS (SELECT 1 FROM article);
