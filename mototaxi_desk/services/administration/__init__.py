"""Administration: users, first run, profile versions, holidays, privacy, backups, the A1 certificate, numbering."""
