"""tablecert: the Django project package and the back office.

Kept free of imports so that ``casino.rules`` stays usable without Django; the Celery app
is loaded by the app config when Django starts.
"""
